# syntax=docker/dockerfile:1
# Build stage: compiles better-sqlite3, bundles the client islands and the server.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# Runtime stage: production dependencies, the build output and the SQL migrations; runs as `node`.
# Pass SITE_URL (your public origin: NODE_ENV=production refuses to boot without it) and
# SITE_PROFILE (your business profile, e.g. on the /data volume); see README "Run it as your site":
#   docker run -p 3000:3000 -v site-data:/data -e SITE_URL=https://www.your-domain.in \
#     -e SITE_PROFILE=/data/profile.json -e ADMIN_PASSWORD=... <image>
# Operator commands run with plain node: `node dist/submissions.js`, `node dist/backup.js`.
# test/e2e/docker-runtime.test.ts assembles exactly what this stage COPYs and runs it: keep the two in step.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
# DejaVu Sans gives every PDF glyphs beyond Latin-1 (see PDF_FONT_PATH). Debian's Chromium renders
# pages for the mobile-friendly tester (docs/decisions/0019); it adds roughly 350 MB to the image. Its headless shell
# (220 MB more) renders the site audit's pages for a third less CPU (docs/decisions/0056, "Part 11").
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core chromium chromium-headless-shell && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/db/migrations ./db/migrations
COPY --from=build /app/db/seed ./db/seed
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--max-semi-space-size=8", "--initial-old-space-size=128", "--enable-source-maps", "dist/server.js"]
