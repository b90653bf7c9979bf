#!/usr/bin/env bash
# compose.yaml started whole (docs/deploy.md#testing-the-image), run by test-container.sh:
# podman-compose with the built image and local stand-ins for the service images, made from
# Debian's packages and npm (scripts/test-container-standins/), named in an override file so no
# real image name is ever taken by them. Podman-compose 1.0.3 starts services in order but
# does not wait for their health (depends_on conditions), so this script waits as Docker would.
# Usage: test-container-stack.sh <debian image> <node image> <app image>
set -euo pipefail
cd "$(dirname "$0")/.."
debian=$1 node_base=$2 app_image=$3
podman=(podman --runtime runc)
limits=(--ulimit nofile=1024:1024 --ulimit nproc=4096:4096)
standins=scripts/test-container-standins

for service in postgres redis caddy minio; do
  nice -n 10 "${podman[@]}" build --network=host "${limits[@]}" --layers --format docker --quiet \
    --build-arg "DEBIAN_IMAGE=$debian" --build-arg "NODE_IMAGE=$node_base" \
    -t "localhost/ekispot-standin-$service:test" -f "$standins/$service.Containerfile" \
    "$standins" >/dev/null
done

project=ekispot-stack-check-$$
dir=$(mktemp -d)
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
cp compose.yaml "$dir/"
cp -r deploy "$dir/"
{
  sed -e '/^POSTGRES_PASSWORD=/d' -e '/^MINIO_ROOT_PASSWORD=/d' -e '/^HTTP_PORT=/d' \
    -e '/^PUBLIC_URL=/d' -e '/^EKISPOT_IMAGE=/d' .env.example
  echo "POSTGRES_PASSWORD=stack-$RANDOM$RANDOM"
  echo "MINIO_ROOT_PASSWORD=stack-$RANDOM$RANDOM"
  echo "HTTP_PORT=$port"
  echo "PUBLIC_URL=http://127.0.0.1:$port"
  echo "EKISPOT_IMAGE=$app_image"
  echo 'MAP_TILE_URL=off'
} >"$dir/.env"
cat >"$dir/standins.yaml" <<EOF
services:
  proxy: { image: localhost/ekispot-standin-caddy:test }
  postgres: { image: localhost/ekispot-standin-postgres:test }
  redis: { image: localhost/ekispot-standin-redis:test }
  minio: { image: localhost/ekispot-standin-minio:test }
  minio-bucket: { image: localhost/ekispot-standin-minio:test }
EOF
compose() {
  (cd "$dir" && podman-compose --project-name "$project" -f compose.yaml -f standins.yaml \
    --podman-args="--runtime runc" \
    --podman-run-args="--ulimit nofile=1024:1024 --ulimit nproc=4096:4096" "$@")
}
cleanup() {
  compose down -v >/dev/null 2>&1 || true
  podman volume ls --quiet --filter "label=io.podman.compose.project=$project" |
    xargs --no-run-if-empty podman volume rm --force >/dev/null
  podman network ls --quiet --filter "label=io.podman.compose.project=$project" |
    xargs --no-run-if-empty podman network rm --force >/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
fail() {
  echo "stack: $1" >&2
  for service in app1 app2 proxy minio-bucket; do
    echo "--- ${service}'s log" >&2
    "${podman[@]}" logs --tail 15 "${project}_${service}_1" 2>&1 | cut -c1-300 >&2 || true
  done
  exit 1
}
healthy() { # <service> <seconds>
  local deadline=$((SECONDS + $2))
  until "${podman[@]}" healthcheck run "${project}_$1_1" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || fail "$1 not healthy within $2 s"
    sleep 1
  done
  echo "ok  $1 healthy"
}
status() { curl --silent --output /dev/null --write-out '%{http_code}' --max-time 5 "$@" || true; }

compose up -d postgres redis minio >/dev/null 2>&1
healthy postgres 60
healthy redis 30
healthy minio 30
compose up -d --no-deps minio-bucket >/dev/null 2>&1
deadline=$((SECONDS + 30))
until [[ $("${podman[@]}" inspect --format '{{.State.Status}}' "${project}_minio-bucket_1") == exited ]]; do
  ((SECONDS < deadline)) || fail 'minio-bucket did not finish'
  sleep 1
done
[[ $("${podman[@]}" inspect --format '{{.State.ExitCode}}' "${project}_minio-bucket_1") == 0 ]] ||
  fail 'minio-bucket failed'
echo 'ok  bucket made'
started=$SECONDS
compose up -d --no-deps app1 app2 proxy >/dev/null 2>&1
# Both instances start together on the empty database: one migrates and imports, one waits.
healthy app1 480
healthy app2 60
base=http://127.0.0.1:$port
deadline=$((SECONDS + 30))
until [[ $(status "$base/api/v2/health/ready") == 200 ]]; do
  ((SECONDS < deadline)) || fail "no readiness through the proxy at $base"
  sleep 1
done
echo "ok  ready through the proxy at $base ($((SECONDS - started)) s after the instances started)"
search=$(curl --silent --max-time 10 "$base/api/v2/stations/search?q=%E6%9D%B1%E4%BA%AC")
grep -q '"name":"東京"' <<<"$search" || fail "station search through the proxy: $search"
echo 'ok  station search through the proxy finds 東京'
[[ $(status "$base/") == 200 ]] || fail 'the home page through the proxy'
echo 'ok  home page through the proxy'
# Each instance archives its build's files in the bucket at start (docs/deploy.md#rolling-deploys).
stored=$("${podman[@]}" exec "${project}_minio_1" ls -R /data)
grep -q '/data/ekispot-images/web-assets' <<<"$stored" || fail 'no web-assets in the bucket'
echo 'ok  instances write to the bucket'
imported=$( ("${podman[@]}" logs "${project}_app1_1"; "${podman[@]}" logs "${project}_app2_1") 2>&1 |
  grep -c '"msg":"station data imported"' || true)
[[ $imported == 1 ]] || fail "station data imported $imported times (once expected)"
echo 'ok  station data imported once by the two instances'

# A rolling restart of app1 under requests through the proxy: none fails.
compose stop app1 >/dev/null 2>&1 &
stopper=$!
failures=0
for _ in $(seq 1 40); do
  [[ $(status "$base/api/v2/stations/search?q=%E6%96%B0%E5%AE%BF") == 200 ]] || failures=$((failures + 1))
  sleep 0.2
done
wait "$stopper"
compose start app1 >/dev/null 2>&1
healthy app1 120
((failures == 0)) || fail "$failures of 40 requests failed while app1 stopped"
echo 'ok  40 requests through the proxy while app1 stopped and started again: none failed'
echo 'compose.yaml started whole on stand-ins: passed'
