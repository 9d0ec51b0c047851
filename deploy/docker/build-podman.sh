#!/bin/bash
# Builds deploy/docker/Dockerfile with podman on a machine that reaches no image registry: the base images are
# made from Debian's mirror (debootstrap --variant=minbase, then podman import), and the builder stage borrows this
# machine's Swift toolchain, mounted read-only at /opt/swift. Nothing is downloaded but Debian packages (and the
# Swift packages, from wherever this machine's git fetches github.com: a local mirror named by git's
# url.<path>.insteadOf is mounted and passed on).
#
#   deploy/docker/build-podman.sh [TAG]        # from anywhere; TAG defaults to touchsweep/sweep:local
#
# Environment: SWIFT_TOOLCHAIN (the directory holding usr/bin/swift; by default the one `swift` on PATH comes
# from), BASE_IMAGE (default localhost/touchsweep-base:bookworm, made here when missing), PODMAN_OPTIONS (more
# options for podman build). Needs root, podman, debootstrap (Debian: apt-get install podman debootstrap).
# Prints the image's size and the build's duration last. Exit status: 0, or 1 with one line saying what failed.
set -euo pipefail

fail() { echo "build-podman.sh: $1" >&2; exit 1; }
tag=${1:-touchsweep/sweep:local}
root=$(cd "$(dirname "$0")/../.." && pwd)
base=${BASE_IMAGE:-localhost/touchsweep-base:bookworm}
# This sandbox's podman refuses its default rlimits; the build's RUN steps reach Debian's mirror through the host.
podman_options=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024 --network host)

for tool in podman debootstrap git; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (Debian: apt-get install podman debootstrap git)"
done
if [ -z "${SWIFT_TOOLCHAIN:-}" ]; then
    swift=$(command -v swift) || fail "swift is not on PATH and SWIFT_TOOLCHAIN is not set"
    SWIFT_TOOLCHAIN=$(dirname "$(dirname "$(dirname "$(readlink -f "$swift")")")")
fi
[ -x "$SWIFT_TOOLCHAIN/usr/bin/swift" ] || fail "no usr/bin/swift under SWIFT_TOOLCHAIN=$SWIFT_TOOLCHAIN"

"$root/deploy/docker/base-image.sh" "$base"

volumes=(--volume "$SWIFT_TOOLCHAIN:/opt/swift:ro")
build_args=(--build-arg "BUILDER_IMAGE=$base" --build-arg "RUNTIME_IMAGE=$base")
# A local mirror of github.com (git config url.<dir>.insteadOf https://github.com/) goes in at the same path.
mirror=$(git config --get-regexp '^url\..*\.insteadof$' 2>/dev/null | awk '$2 == "https://github.com/" { print $1; exit }' || true)
if [ -n "$mirror" ]; then
    mirror=${mirror#url.}
    mirror=${mirror%.insteadof}
    if [ -d "$mirror" ]; then
        volumes+=(--volume "$mirror:$mirror:ro")
        build_args+=(--build-arg GIT_CONFIG_COUNT=1 --build-arg "GIT_CONFIG_KEY_0=url.$mirror.insteadOf"
            --build-arg "GIT_CONFIG_VALUE_0=https://github.com/")
    fi
fi

started=$(date +%s)
# shellcheck disable=SC2086
podman build "${podman_options[@]}" "${volumes[@]}" "${build_args[@]}" ${PODMAN_OPTIONS:-} \
    --file "$root/deploy/docker/Dockerfile" --tag "$tag" "$root" \
    || fail "podman build failed (its output is above)"
seconds=$(( $(date +%s) - started ))
bytes=$(podman image inspect --format '{{.Size}}' "$tag")
echo "build-podman.sh: $tag: $(( bytes / 1000000 )) MB, built in ${seconds} s"
