#!/usr/bin/env bash
# Runs a command as on a machine without the CUDA toolkit, to show that cupylike builds there:
#
#   bash tools/without_toolkit.sh CMD [ARG...]
#   bash tools/without_toolkit.sh bash tools/build_wheel.sh --without-toolkit /tmp/wheelhouse
#
# CMD runs in a mount namespace of its own (unshare -m: root, or a user namespace), where
# - every toolkit root (/usr/local/cuda and what it links to, /usr/local/cuda-*, /opt/cuda,
#   $CUDA_PATH, $CUDA_HOME) is covered by an empty tmpfs;
# - a folder outside them that holds copies of the toolkit's files (/usr/local/include or
#   /usr/include with a cuda.h, /usr/local/lib or /usr/lib/x86_64-linux-gnu with a
#   libcudart.so, /usr/local/bin or /usr/bin with an nvcc) is covered by a tmpfs into which
#   all its other entries are bound back, so that only the toolkit's names are gone (a name
#   must be absent, not an empty file, for #include to miss it);
# - CUDA_PATH, CUDA_HOME, CUDAToolkit_ROOT and CUDACXX are unset, and PATH-like variables lose
#   their entries inside the hidden roots.
# Before CMD runs, the script checks that no nvcc is on PATH and that the C++ compiler finds no
# <cuda.h>; it stops with an error if either is still there. The rest of the system (the
# driver, the network, pip's cache) is unchanged, and nothing outside the namespace is touched.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  sed -n '2,4p' "$0" >&2
  exit 2
fi

if [[ -z ${CUPYLIKE_TOOLKIT_HIDDEN:-} ]]; then
  flags=(--mount --propagation private)
  [[ $(id -u) -eq 0 ]] || flags+=(--map-root-user)
  if ! unshare "${flags[@]}" true 2>/dev/null; then
    echo "without_toolkit.sh: cannot hide the CUDA toolkit: 'unshare ${flags[*]}' is not" \
      "permitted here (it needs root, or unprivileged user namespaces)" >&2
    exit 1
  fi
  scratch=$(mktemp -d /tmp/without-toolkit.XXXXXX)
  status=0
  CUPYLIKE_TOOLKIT_HIDDEN=$scratch unshare "${flags[@]}" bash "$0" "$@" || status=$?
  rm -rf "$scratch"
  exit "$status"
fi

# From here on, inside the namespace; mounts vanish with it.
scratch=$CUPYLIKE_TOOLKIT_HIDDEN
mount -t tmpfs cupylike-scratch "$scratch"

roots=()
for candidate in /usr/local/cuda /usr/local/cuda-* /opt/cuda ${CUDA_PATH:-} ${CUDA_HOME:-}; do
  [[ -e $candidate/include/cuda.h || -e $candidate/bin/nvcc ]] || continue
  root=$(realpath "$candidate")
  [[ $root == /usr || $root == /usr/local ]] && continue  # a prefix, not a root: see below
  [[ " ${roots[*]} " == *" $root "* ]] || roots+=("$root")
done

# The toolkit's names, read before it is hidden: what a folder outside it must not show, by the
# kind of folder (a library folder may hold a `cmake` of its own, which must stay).
declare -A hidden_include=() hidden_lib=() hidden_bin=()
for root in "${roots[@]}"; do
  for entry in "$root"/include/*; do hidden_include[$(basename "$entry")]=1; done
  for entry in "$root"/lib64/lib* "$root"/lib/lib*; do hidden_lib[$(basename "$entry")]=1; done
  for entry in "$root"/bin/*; do hidden_bin[$(basename "$entry")]=1; done
done
# Where no toolkit root is known (a distribution's package in /usr), CUDA's own names.
for name in cuda.h cudaTypedefs.h cuda_runtime.h cuda_runtime_api.h library_types.h \
  vector_types.h driver_types.h cuComplex.h crt cccl nvrtc.h cublas_v2.h cufft.h curand.h \
  cusolverDn.h; do
  hidden_include[$name]=1
done
hidden_bin[nvcc]=1

for root in "${roots[@]}"; do
  mount -t tmpfs cupylike-no-toolkit "$root"
done

# Covers `folder` with a tmpfs showing all its entries but the toolkit's `kind` (include, lib,
# bin) of names.
mask() {
  local folder=$1 kind=$2 keep entry name
  local -n names=hidden_$kind
  keep=$(mktemp -d "$scratch/keep.XXXXXX")
  mount --bind "$folder" "$keep"
  mount -t tmpfs cupylike-no-toolkit "$folder"
  for entry in "$keep"/* "$keep"/.[!.]*; do
    [[ -e $entry || -L $entry ]] || continue
    name=$(basename "$entry")
    [[ -n ${names[$name]:-} ]] && continue
    if [[ -L $entry ]]; then
      cp -P "$entry" "$folder/$name"
    elif [[ -d $entry ]]; then
      mkdir "$folder/$name" && mount --bind "$entry" "$folder/$name"
    else
      touch "$folder/$name" && mount --bind "$entry" "$folder/$name"
    fi
  done
}

# Prefix folders that hold copies of the toolkit's files (their marker names them).
for spec in /usr/local/include:include:cuda.h /usr/include:include:cuda.h \
  /usr/local/lib:lib:libcudart.so /usr/lib/x86_64-linux-gnu:lib:libcudart.so \
  /usr/local/bin:bin:nvcc /usr/bin:bin:nvcc; do
  IFS=: read -r folder kind marker <<<"$spec"
  [[ -e $folder/$marker || -L $folder/$marker ]] && mask "$folder" "$kind"
done

unset CUDA_PATH CUDA_HOME CUDAToolkit_ROOT CUDACXX
# Drops the entries of a ':'-separated list that lie inside a hidden root.
strip_roots() {
  local kept=() entry root
  IFS=: read -ra entries <<<"$1"
  for entry in "${entries[@]}"; do
    for root in "${roots[@]}" /usr/local/cuda; do
      [[ $entry == "$root" || $entry == "$root"/* ]] && continue 2
    done
    kept+=("$entry")
  done
  (IFS=:; echo "${kept[*]}")
}
for variable in PATH LD_LIBRARY_PATH LIBRARY_PATH CPATH C_INCLUDE_PATH CPLUS_INCLUDE_PATH; do
  [[ -n ${!variable:-} ]] && export "$variable=$(strip_roots "${!variable}")"
done
unset CUPYLIKE_TOOLKIT_HIDDEN

if command -v nvcc >/dev/null; then
  echo "without_toolkit.sh: nvcc is still on PATH: $(command -v nvcc)" >&2
  exit 1
fi
if printf '#include <cuda.h>\n' | "${CXX:-c++}" -E -x c++ - >/dev/null 2>&1; then
  echo "without_toolkit.sh: the C++ compiler still finds <cuda.h>" >&2
  exit 1
fi
echo "without_toolkit.sh: CUDA toolkit hidden (${roots[*]:-no root}); running $*" >&2
exec "$@"
