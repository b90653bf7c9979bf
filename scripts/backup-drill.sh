#!/usr/bin/env bash
# A backup and restore drill on local servers (docs/deploy.md#backup-and-restore): a member
# uploads an avatar; the database is dumped and the bucket copied; both are destroyed, then
# restored; the old session must still work and the avatar come back byte for byte.
# Needs: npm run build, PostgreSQL on 127.0.0.1:5432 (user postgres), Redis on :6379, curl.
# Ports: S3_PORT (default 4181) for s3rver, APP_PORT (default 4182) for the app.
# BUCKET_TOOL: `images` (default: npm run images:migrate, any S3-compatible store) or `aws` (the
# AWS CLI's `aws s3 sync`, Debian's `awscli`), for the bucket's copy and its restore.
set -euo pipefail
cd "$(dirname "$0")/.."
PG=${PG:-postgres://postgres@127.0.0.1:5432}
S3_PORT=${S3_PORT:-4181}
APP_PORT=${APP_PORT:-4182}
DB=ekispot_drill_$$
S3DIR=$(mktemp -d /tmp/ekispot-drill-s3-XXXX); BACKUP=$(mktemp -d /tmp/ekispot-drill-backup-XXXX)
export S3_URL="s3+http://S3RVER:S3RVER@127.0.0.1:$S3_PORT/ekispot-drill?path_style=true"
export DATABASE_URL=$PG/$DB NODE_ENV=production HOST=127.0.0.1 PORT=$APP_PORT MAP_TILE_URL=off LOG_LEVEL=warn
export PUBLIC_URL=http://127.0.0.1:$APP_PORT REDIS_URL=redis://127.0.0.1:6379 REDIS_KEY_PREFIX=drill-$$:
export DATA_DIR=$(mktemp -d /tmp/ekispot-drill-data-XXXX)
createdb -h 127.0.0.1 -U postgres $DB
node node_modules/s3rver/bin/s3rver.js -d $S3DIR -a 127.0.0.1 -p $S3_PORT --configure-bucket ekispot-drill --no-vhost-buckets -s & S3PID=$!
start() { node apps/api/dist/server.js & APP=$!; for i in $(seq 1 300); do curl -sf $PUBLIC_URL/api/v2/health/ready >/dev/null && return; sleep 1; done; echo "no start"; exit 1; }
start
EMAIL=drill@example.jp; PW='correct horse battery'
curl -sf -X POST -H 'content-type: application/json' -H "origin: $PUBLIC_URL" $PUBLIC_URL/api/v2/auth/register -d "{\"name\":\"駅好き\",\"email\":\"$EMAIL\",\"password\":\"$PW\",\"password_confirmation\":\"$PW\"}" >/dev/null
sleep 1
TOKEN=$(psql -h 127.0.0.1 -U postgres -d $DB -Atc "select text_body from mail_outbox where to_address='$EMAIL'" | grep -o 'verify-email/[A-Za-z0-9_-]*' | head -1 | cut -d/ -f2)
curl -sf $PUBLIC_URL/api/v2/auth/email/verify/$TOKEN >/dev/null
SESSION=$(curl -sf -X POST -H 'content-type: application/json' -H "origin: $PUBLIC_URL" $PUBLIC_URL/api/v2/auth/login -d "{\"email\":\"$EMAIL\",\"password\":\"$PW\"}" | node -pe 'JSON.parse(require("fs").readFileSync(0)).data.token')
PNG=$BACKUP/avatar.png
(cd apps/api && node -e "require('sharp')({create:{width:320,height:240,channels:3,background:'#3a7'}}).png().toFile('$PNG')")
AVATAR=$(curl -sf -X POST -H "authorization: Bearer $SESSION" -F avatar=@$PNG $PUBLIC_URL/api/v2/auth/update | node -pe 'JSON.parse(require("fs").readFileSync(0)).data.avatar')
curl -sf $PUBLIC_URL/api/v2/image/$AVATAR -o $BACKUP/before.webp
echo "before: avatar $AVATAR $(sha256sum < $BACKUP/before.webp)"

# --- backup: database, then bucket (into a folder, verified by hash, source kept)
pg_dump -h 127.0.0.1 -U postgres -Fc -f $BACKUP/ekispot.dump $DB
export AWS_ACCESS_KEY_ID=S3RVER AWS_SECRET_ACCESS_KEY=S3RVER AWS_DEFAULT_REGION=us-east-1
bucket_sync() { aws --endpoint-url http://127.0.0.1:$S3_PORT s3 sync --only-show-errors "$1" "$2"; }
if [ "${BUCKET_TOOL:-images}" = aws ]; then
  bucket_sync s3://ekispot-drill $BACKUP/bucket
  echo "backup: $(du -h $BACKUP/ekispot.dump | cut -f1) dump, $(find $BACKUP/bucket -type f | wc -l) bucket objects (aws s3 sync)"
else
  DATA_DIR=$BACKUP npm run -s images:migrate -- --to local --keep-source 2>/dev/null
  echo "backup: $(du -h $BACKUP/ekispot.dump | cut -f1) dump, $(find $BACKUP/images -type f | wc -l) image objects (images:migrate)"
fi

# --- disaster: app stopped, database and bucket gone
kill -TERM $APP; wait $APP || true
dropdb -h 127.0.0.1 -U postgres $DB
kill $S3PID; wait $S3PID 2>/dev/null || true; rm -rf $S3DIR; mkdir -p $S3DIR
node node_modules/s3rver/bin/s3rver.js -d $S3DIR -a 127.0.0.1 -p $S3_PORT --configure-bucket ekispot-drill --no-vhost-buckets -s & S3PID=$!
sleep 3; echo "bucket objects after the wipe: $(find $S3DIR -type f -name "*.webp*" | wc -l)"

# --- restore
createdb -h 127.0.0.1 -U postgres $DB
pg_restore -h 127.0.0.1 -U postgres -d $DB --no-owner $BACKUP/ekispot.dump
if [ "${BUCKET_TOOL:-images}" = aws ]; then bucket_sync $BACKUP/bucket s3://ekispot-drill
else DATA_DIR=$BACKUP npm run -s images:migrate -- --to s3 --keep-source 2>/dev/null; fi
start
ME=$(curl -sf -H "authorization: Bearer $SESSION" $PUBLIC_URL/api/v2/auth/me | node -pe 'JSON.parse(require("fs").readFileSync(0)).data?.email')
curl -sf $PUBLIC_URL/api/v2/image/$AVATAR -o $DATA_DIR/after.webp
echo "after: session for $ME; avatar $(sha256sum < $DATA_DIR/after.webp)"
[ "$ME" = "$EMAIL" ] && cmp $BACKUP/before.webp $DATA_DIR/after.webp && echo "RESTORE OK: same session, same image bytes"
kill -TERM $APP; wait $APP || true; kill $S3PID; dropdb -h 127.0.0.1 -U postgres $DB; rm -rf $S3DIR $BACKUP $DATA_DIR
