#!/bin/sh
# cu2ptx.sh CUDA_DIR COMMITTED_PTX_DIR OUT_DIR
#
# The Maven recipe of docs/adsm.md ("Compiling CUDA sources in a Maven build"): when nvcc is on the PATH,
# compile every CUDA_DIR/*.cu to OUT_DIR/NAME.ptx (OUT_DIR is target/classes/ptx, so the fresh PTX replaces the
# committed copy in the jar); otherwise keep the committed COMMITTED_PTX_DIR/NAME.ptx, and fail when a .cu has
# none. NVCC_FLAGS overrides the flags (default: -arch=sm_75 -O3, what the software GPU runs).
set -eu
cuda=$1
committed=$2
out=$3
flags=${NVCC_FLAGS:--arch=sm_75 -O3}
mkdir -p "$out"
found=0
for cu in "$cuda"/*.cu; do
  [ -e "$cu" ] || continue
  found=1
  name=$(basename "$cu" .cu)
  if command -v nvcc >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    nvcc -ptx $flags -o "$out/$name.ptx" "$cu"
    echo "cu2ptx: $name.ptx compiled by nvcc $flags"
  elif [ -f "$committed/$name.ptx" ]; then
    echo "cu2ptx: nvcc is not on the PATH; using the committed $name.ptx"
  else
    echo "cu2ptx: nvcc is not on the PATH and there is no committed $committed/$name.ptx for $cu" >&2
    exit 1
  fi
done
[ "$found" = 1 ] || echo "cu2ptx: no .cu files in $cuda"
