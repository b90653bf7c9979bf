#!/usr/bin/env bash
# `npm run test:container` (docs/deploy.md#testing-the-image): builds the image from the
# Dockerfile on a Debian base made here, with no container registry, starts it against this
# machine's PostgreSQL and Redis, a local S3-compatible server and a local SMTP server, checks
# it (scripts/test-container-checks.ts), prints its size and validates compose.yaml.
#
# Needs: apt-get install podman podman-compose debootstrap runc uidmap fuse-overlayfs
#   slirp4netns containernetworking-plugins golang-github-containernetworking-plugin-dnsname
#   iptables curl
# and PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and
# Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379) running, and `npm ci` done.
#
# Settings: DEBIAN_MIRROR (default http://deb.debian.org/debian), CONTAINER_WORK (where the
# Debian root file system is kept between runs, default /var/tmp/ekispot-container),
# REBUILD_BASE=1 to make the base images again (from the kept root file system),
# COMPOSE_STACK=0 to leave out starting compose.yaml whole (step 5).
set -euo pipefail
cd "$(dirname "$0")/.."

# Podman on this kind of machine: runc as the runtime, the host's network, lowered limits.
podman=(podman --runtime runc)
limits=(--ulimit nofile=1024:1024 --ulimit nproc=4096:4096)
work=${CONTAINER_WORK:-/var/tmp/ekispot-container}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
image=localhost/ekispot:test
max_image_mb=400

missing=()
for tool in podman podman-compose debootstrap runc; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if ((${#missing[@]})); then
  echo "test:container needs ${missing[*]}: see docs/deploy.md#testing-the-image" >&2
  exit 1
fi
node_bin=$(realpath node_modules/node/bin/node 2>/dev/null || true)
if [[ ! -x "$node_bin" ]]; then
  echo 'test:container needs `npm ci` first (Node 24 comes from the `node` package)' >&2
  exit 1
fi
node_version=$("$node_bin" -v)
base=localhost/ekispot-base:bookworm-node-${node_version#v}
debian=localhost/ekispot-debian:bookworm
# The scripts below run on the repository's Node 24, as `npm run` would run them.
export PATH="$PWD/node_modules/.bin:$PATH"
# Trimmed as Debian's slim images are: no documentation, manuals, translations or apt caches.
slim=(--numeric-owner --exclude='./dev/*' --exclude='./proc/*' --exclude='./sys/*'
  --exclude='./var/cache/apt/archives/*.deb' --exclude='./var/lib/apt/lists/*'
  --exclude='./usr/share/doc/*' --exclude='./usr/share/man/*' --exclude='./usr/share/info/*'
  --exclude='./usr/share/locale/*' --exclude='./.ekispot-debootstrap-done')

# ---- 1. The bases: Debian bookworm from debootstrap (RUNTIME_IMAGE), and the same with Node.js
# 24 and npm at /usr/local (BASE_IMAGE), laid out as the public images the Dockerfile names.
rootfs=$work/rootfs
if [[ ! -e "$rootfs/.ekispot-debootstrap-done" ]]; then
  echo "== debootstrap bookworm"
  mkdir -p "$work"
  rm -rf "$rootfs"
  nice -n 10 debootstrap --variant=minbase bookworm "$rootfs" "$mirror"
  touch "$rootfs/.ekispot-debootstrap-done"
fi
if [[ "${REBUILD_BASE:-}" == 1 ]] || ! "${podman[@]}" image exists "$debian"; then
  echo "== base image $debian"
  tar "${slim[@]}" -C "$rootfs" -c . | "${podman[@]}" import --change 'CMD ["bash"]' - "$debian" >/dev/null
fi
if [[ "${REBUILD_BASE:-}" == 1 ]] || ! "${podman[@]}" image exists "$base"; then
  echo "== base image $base"
  # Node from the `node` package the repository installs (its platform package's binary), npm
  # from the npm that ran `npm ci` here: both added beside the root file system, not into it.
  stage=$(mktemp -d)
  trap 'rm -rf "$stage"' EXIT
  # The debootstrap tree's own /usr/local is left out of the tar: its (empty) folders are here.
  mkdir -p "$stage/usr/local/"{bin,etc,games,include,lib/node_modules,man,sbin,share,src}
  cp "$node_bin" "$stage/usr/local/bin/node"
  cp -r "$(npm root -g)/npm" "$stage/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$stage/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$stage/usr/local/bin/npx"
  # A machine that reaches the npm registry through a TLS-inspecting proxy names that proxy's
  # certificate authority in NODE_EXTRA_CA_CERTS: the base (a test image, never published)
  # trusts it too, so `npm ci` inside the build reaches the registry as it does here.
  changes=(--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin')
  if [[ -n "${NODE_EXTRA_CA_CERTS:-}" && -f "$NODE_EXTRA_CA_CERTS" ]]; then
    cp "$NODE_EXTRA_CA_CERTS" "$stage/usr/local/etc/extra-ca-certificates.crt"
    changes+=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/etc/extra-ca-certificates.crt')
  fi
  tar "${slim[@]}" --exclude='./usr/local' -C "$rootfs" -c . -C "$stage" usr/local |
    "${podman[@]}" import "${changes[@]}" --change 'CMD ["node"]' - "$base" >/dev/null
  rm -rf "$stage"
  trap - EXIT
fi
"${podman[@]}" run --rm --network=host "${limits[@]}" "$base" node -e \
  'console.log(`base: Debian ${require("fs").readFileSync("/etc/debian_version", "utf8").trim()}, Node ${process.version}`)'

# ---- 2. The image, through the build arguments; layers are reused while their inputs hold.
# Docker's format, not OCI's: only it carries the HEALTHCHECK.
echo "== image $image"
nice -n 10 "${podman[@]}" build --network=host "${limits[@]}" --layers --format docker \
  --build-arg "BASE_IMAGE=$base" --build-arg "RUNTIME_IMAGE=$debian" -t "$image" -f Dockerfile .
size=$("${podman[@]}" image inspect --format '{{.Size}}' "$image")
debian_size=$("${podman[@]}" image inspect --format '{{.Size}}' "$debian")
size_mb=$((size / 1000000))
echo "image size: ${size_mb} MB (${size} bytes; Debian is $((debian_size / 1000000)) MB of it, Node.js $(($(stat -c %s "$node_bin") / 1000000)) MB)"
if ((size_mb >= max_image_mb)); then
  echo "the image is over ${max_image_mb} MB" >&2
  exit 1
fi

# ---- 3. The image at work against this machine's services.
echo "== checks"
IMAGE=$image node_modules/.bin/tsx scripts/test-container-checks.ts

# ---- 4. compose.yaml, as podman-compose reads it with .env.example (the passwords filled in).
# Debian's podman-compose (1.0.3) has no `config` command: `--dry-run up` parses the file,
# fills in the variables and prints each `podman run` instead of running it (it still makes the
# project's volumes and network, removed again below).
echo "== compose.yaml"
project=ekispot-compose-check-$$
check_dir=$(mktemp -d)
cp compose.yaml "$check_dir/"
cp -r deploy "$check_dir/"
sed -e 's/^POSTGRES_PASSWORD=$/POSTGRES_PASSWORD=check-postgres/' \
  -e 's/^MINIO_ROOT_PASSWORD=$/MINIO_ROOT_PASSWORD=check-minio/' .env.example >"$check_dir/.env"
compose_cleanup() {
  podman volume ls --quiet --filter "label=io.podman.compose.project=$project" |
    xargs --no-run-if-empty podman volume rm >/dev/null
  podman network ls --quiet --filter "label=io.podman.compose.project=$project" |
    xargs --no-run-if-empty podman network rm >/dev/null
  rm -rf "$check_dir"
}
trap compose_cleanup EXIT
plan=$(cd "$check_dir" && podman-compose --project-name "$project" --dry-run up -d --no-build 2>&1)
expect() {
  grep -qF -- "$1" <<<"$plan" || {
    echo "compose.yaml: podman-compose would not run ${2}" >&2
    echo "$plan" | grep -v '^\[' >&2
    exit 1
  }
}
for service in proxy app1 app2 postgres redis minio minio-bucket; do
  expect "--name=${project}_${service}_1" "the service ${service}"
done
expect "DATABASE_URL=postgres://ekispot:check-postgres@postgres:5432/ekispot" 'app1 on PostgreSQL'
expect "S3_URL=s3+http://ekispot:check-minio@minio:9000/ekispot-images?path_style=true" 'app1 on MinIO'
expect "--env-file $check_dir/.env" 'the instances with .env'
expect "-p 8080:80" 'the proxy on port 8080'
echo "podman-compose: compose.yaml reads, with every service, .env and the addresses between them"
compose_cleanup
trap - EXIT

# ---- 5. compose.yaml started whole, the service images played by local stand-ins.
if [[ "${COMPOSE_STACK:-1}" == 1 ]]; then
  echo "== compose.yaml started whole"
  bash scripts/test-container-stack.sh "$debian" "$base" "$image"
else
  echo "== compose.yaml not started (COMPOSE_STACK=0)"
fi
echo "test:container passed (image size: ${size_mb} MB)"
