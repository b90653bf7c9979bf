# えきスポ in one image (docs/deploy.md#containers). Build: `docker build -t ekispot .` (or
# `podman build`); run: see compose.yaml, or
#   docker run -p 3000:3000 -v ekispot-data:/data --stop-timeout 20 ekispot
#
# BASE_IMAGE, where the build runs, is a Debian bookworm slim image with Node.js 24 and npm at
# /usr/local: the public `node:24-bookworm-slim` by default. RUNTIME_IMAGE, what the image is
# made on, is the plain Debian bookworm slim image, given Node's binary from BASE_IMAGE (npm
# stays behind). `npm run test:container` builds both locally (debootstrap, and the `node`
# package's binary) and passes them here. Nothing secret is baked in: every setting comes from
# the environment at run time (README "Configuration").
ARG BASE_IMAGE=docker.io/library/node:24-bookworm-slim
ARG RUNTIME_IMAGE=docker.io/library/debian:bookworm-slim

# ---- dependencies: the lock file alone, so a change of source reuses this layer -------------
FROM ${BASE_IMAGE} AS manifests
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# ---- build: every dependency (dev included), then the three packages ------------------------
FROM manifests AS build
ENV npm_config_update_notifier=false
# The browser journeys' and benchmarks' workspaces are not built here: only what `npm run
# build` needs is installed.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --include-workspace-root \
      --workspace packages/shared --workspace apps/api --workspace apps/web
COPY tsconfig.base.json tsconfig.json ./
COPY scripts/tsc.mjs scripts/
COPY packages/shared packages/shared
COPY apps/api apps/api
COPY apps/web apps/web
RUN npm run build \
 && find apps/web/dist-ssr -name '*.map' -type f -delete

# ---- production dependencies of the server only ---------------------------------------------
FROM manifests AS production-dependencies
ENV npm_config_update_notifier=false
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace apps/api --workspace packages/shared \
 && mkdir -p apps/api/node_modules packages/shared/node_modules
# Files the server never reads: type declarations, source maps (of the server render's too,
# above: Node runs without --enable-source-maps), kuromoji's test corpus, and
# the Noto Sans JP weights other than the bold one the stamp image is drawn with
# (apps/api/src/modules/stamps/stamp-font.ts reads 700.css and its .woff files only).
RUN find node_modules \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' \) \
      -type f -delete \
 && rm -rf node_modules/kuromoji/test node_modules/kuromoji/demo \
 && find node_modules/@fontsource/noto-sans-jp/files -type f ! -name '*-700-normal.woff' -delete

# ---- runtime: production dependencies and the built files, run as a user of its own ---------
FROM ${RUNTIME_IMAGE} AS runtime
COPY --from=build /usr/local/bin/node /usr/local/bin/node
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
RUN useradd --system --user-group --uid 10001 --home-dir /data --shell /usr/sbin/nologin ekispot \
 && mkdir -p /data \
 && chown ekispot:ekispot /data \
 && chmod 0700 /data
WORKDIR /app
COPY --from=production-dependencies /src/package.json ./
COPY --from=production-dependencies /src/node_modules node_modules
COPY --from=production-dependencies /src/apps/api/node_modules apps/api/node_modules
COPY --from=production-dependencies /src/packages/shared/node_modules packages/shared/node_modules
COPY --from=build /src/packages/shared/package.json packages/shared/
COPY --from=build /src/packages/shared/dist packages/shared/dist
COPY --from=build /src/apps/api/package.json apps/api/
COPY --from=build /src/apps/api/dist apps/api/dist
COPY --from=build /src/apps/api/migrations apps/api/migrations
COPY --from=build /src/apps/api/station-data apps/api/station-data
COPY --from=build /src/apps/web/dist apps/web/dist
COPY --from=build /src/apps/web/dist-ssr apps/web/dist-ssr
# The land outline the share cards' maps are drawn on (modules/share/map-image.service.ts).
COPY --from=build /src/apps/web/public/basemap/japan-land.json apps/web/public/basemap/
# The embedded database (without DATABASE_URL), images (without S3_URL) and upload temp files.
VOLUME ["/data"]
USER ekispot
EXPOSE 3000
WORKDIR /app/apps/api
# Readiness turns 503 as soon as a stop begins (docs/deploy.md#health-and-readiness). The first
# start imports the station data: a minute or two on a small machine.
HEALTHCHECK --interval=10s --timeout=3s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/v2/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself (apps/api/src/server.ts): readiness 503, serve for
# SHUTDOWN_DELAY_MS, close, let requests in flight finish (10 s at most), exit 0. Give the
# engine a stop timeout above SHUTDOWN_DELAY_MS + 10 s (compose.yaml: stop_grace_period).
STOPSIGNAL SIGTERM
# apps/api/src/runtime.ts: the same flags `npm start -w apps/api` uses.
CMD ["node", "--max-semi-space-size=16", "dist/server.js"]
