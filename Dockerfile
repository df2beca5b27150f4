# Mintcast's image: the built site on Node 22 LTS, production dependencies only, as a non-root user.
# The build steps are the ones CI runs (`npm ci`, `npm run build`); decision 010 explains the build.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

FROM node:22-bookworm-slim AS prod-deps
WORKDIR /app
# `npm ci` compiles the media server's SRTP addon (packages/srtp-native, decision 019) against this Node's own
# headers: the compiler is needed in this stage only, and the built addon reaches the final image with /app.
# (The build stage has none: its install prints one line and goes on; it only bundles.)
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
# ffmpeg cuts clips off the live path (issue 30); without it clips say they are unavailable, the rest works.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app /app
COPY --from=build /app/dist /app/dist
COPY --from=build /app/apps/server/dist /app/apps/server/dist
COPY --from=build /app/apps/media/dist /app/apps/media/dist
COPY --from=build /app/apps/web/dist /app/apps/web/dist
# The build stamp is newer than every source copied above, so `npm start` runs the build and never rebuilds.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "scripts/start.mjs"]
