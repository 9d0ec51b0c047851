#!/bin/bash
# A Debian bookworm base image made from Debian's mirror, for machines that reach no image registry:
# debootstrap --variant=minbase into a temporary directory, then podman import. Does nothing when the image exists.
#
#   deploy/docker/base-image.sh [IMAGE]        # IMAGE defaults to localhost/touchsweep-base:bookworm
#
# Environment: DEBIAN_MIRROR (default: the first deb.debian.org-style URI this machine's apt uses, else
# http://deb.debian.org/debian). Needs root, podman and debootstrap. Exit status: 0, or 1 with one line.
set -euo pipefail

fail() { echo "base-image.sh: $1" >&2; exit 1; }
image=${1:-localhost/touchsweep-base:bookworm}
podman image exists "$image" && exit 0
[ "$(id -u)" = 0 ] || fail "needs root (debootstrap)"
command -v debootstrap >/dev/null || fail "debootstrap is not installed (Debian: apt-get install debootstrap)"

if [ -z "${DEBIAN_MIRROR:-}" ]; then
    DEBIAN_MIRROR=$(grep -h -o -E 'https?://[^ ]+/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources \
        /etc/apt/sources.list.d/*.list 2>/dev/null | head -n 1 | tr -d ' ' || true)
    DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/touchsweep-base.XXXXXX")
trap 'rm -rf "$work"' EXIT
started=$(date +%s)
debootstrap --variant=minbase bookworm "$work/root" "$DEBIAN_MIRROR" > "$work/debootstrap.log" 2>&1 \
    || fail "debootstrap from $DEBIAN_MIRROR failed: $(tail -n 2 "$work/debootstrap.log" | tr '\n' ' ')"
# Slim, as debian:bookworm-slim is: no documentation, manual pages or translations, now or from packages
# installed later, and apt keeps no downloaded packages or caches in the image.
cat > "$work/root/etc/dpkg/dpkg.cfg.d/touchsweep-slim" <<'SLIM'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/lintian/*
SLIM
cat > "$work/root/etc/apt/apt.conf.d/touchsweep-clean" <<'CLEAN'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
CLEAN
find "$work/root/usr/share/doc" -mindepth 1 ! -name copyright ! -type d -delete
find "$work/root/usr/share/doc" -mindepth 1 -type d -empty -delete
find "$work/root/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
rm -rf "$work/root/usr/share/man/"* "$work/root/usr/share/info/"* "$work/root/var/cache/apt/"*.bin \
    "$work/root/var/cache/apt/archives/"*.deb "$work/root/var/lib/apt/lists/"* "$work/root/var/log/"*.log
tar -C "$work/root" -c . | podman import --quiet --change 'CMD ["/bin/bash"]' - "$image" > /dev/null \
    || fail "podman import of the debootstrapped root failed"
echo "base-image.sh: $image from $DEBIAN_MIRROR in $(( $(date +%s) - started )) s"
