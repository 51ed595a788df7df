/**
 * Control-flow analysis of lowered functions: basic blocks, the post-dominator tree and the immediate
 * post-dominator (IPDOM) of every branch, which is the reconvergence PC of the PDOM SIMT stack (Fung thesis
 * §2.1.2). Returns, exits and traps lead to one virtual exit node. Independent of the PTX classes: it works on
 * any instruction range given a successor function.
 */
package dev.gmac.gpu.cfg;
