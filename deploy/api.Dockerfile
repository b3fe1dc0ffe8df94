# The API + server rendering + the shell (issue 27). Minimal, and not built here (no Docker daemon on
# the machine this was written on): one image per deployable, the same commands as `pnpm serve`.
FROM node:20-bookworm-slim AS build
WORKDIR /store
COPY . .
RUN npx -y pnpm@10.34.8 install --frozen-lockfile && npx -y pnpm@10.34.8 build

FROM node:20-bookworm-slim
WORKDIR /store
# A real store (issue 42): NODE_ENV=production without DEMO=true refuses to start until the settings of
# the README's "Production settings" table are given at run time (compose.yaml names them): the payment
# provider and its keys, the live carrier, MAIN_SHOP_KEY, OPERATOR_KEY, SMTP_URL, PUBLIC_URL, MAIL_FROM,
# SUPPORT_EMAIL, MAIN_DOMAIN and the DAC7 report's operator. Secrets are never baked into the image.
ENV NODE_ENV=production PORT=4000 HOST=0.0.0.0 STATIC_DIR=/store TRUST_PROXY=1
# The deploy folder (tools/cluster/remote-deploy.mjs), shared by every replica and the proxy: its
# remotes.json names each remote's live version, its releases/ holds them. `pnpm run deploy remote
# <name> --no-build` in one replica (docker compose exec api …) switches a remote for all of them.
ENV DEPLOY_DIR=/deploy REMOTES_JSON=/deploy/remotes.json
VOLUME /deploy
COPY --from=build /store /store
EXPOSE 4000
# Ready when the database answers and its migrations are applied (the proxy and orchestrators ask it).
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:4000/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
WORKDIR /store/apps/api
# An empty deploy folder gets the image's remotes.json first (a deployed one is kept).
CMD ["sh", "-c", "node -e \"import('/store/tools/cluster/remote-deploy.mjs').then((m) => m.prepareDeployDir({ deployDir: '/deploy', builtRemotesJson: '/store/apps/shell/public/remotes.json' }))\" && exec node --import tsx src/server.ts"]
