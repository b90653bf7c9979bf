#!/bin/sh
# First start: a cluster with POSTGRES_USER (password POSTGRES_PASSWORD) and POSTGRES_DB, reached
# from the network with a password; then PostgreSQL in the foreground, as the official image.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" >/tmp/pwfile
  initdb --username="$POSTGRES_USER" --pwfile=/tmp/pwfile --auth-local=trust \
    --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm /tmp/pwfile
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  pg_ctl --wait --silent -o "-c listen_addresses=''" start
  createdb --username="$POSTGRES_USER" "$POSTGRES_DB"
  pg_ctl --wait --silent stop
fi
exec postgres -c listen_addresses='*'
