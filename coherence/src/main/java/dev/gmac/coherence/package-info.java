/**
 * ADSM shared objects and the coherence protocols that keep host and accelerator copies consistent: the
 * batch-, lazy- and rolling-update protocols of the ADSM paper (Gelado et al., ASPLOS 2010, §4.3), the
 * block state machine (Invalid, ReadOnly, Dirty), and the transfer engine that moves and counts every byte.
 *
 * <p>Must not depend on {@code gpu-model}: accelerator memory is reached through this module's own small
 * SPI (allocate, free, copy to and from the device, memset, asynchronous copies), which {@code gmac-api}
 * implements over the software GPU and which a real device could implement later.
 */
package dev.gmac.coherence;
