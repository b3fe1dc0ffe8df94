# The API + server rendering + the shell (issue 27). Minimal, and not built here (no Docker daemon on
# the machine this was written on): one image per deployable, the same commands as `pnpm serve`.
FROM node:20-bookworm-slim AS build
WORKDIR /store
COPY . .
RUN npx -y pnpm@10.34.8 install --frozen-lockfile && npx -y pnpm@10.34.8 build

FROM node:20-bookworm-slim
WORKDIR /store
ENV NODE_ENV=production PORT=4000 HOST=0.0.0.0 STATIC_DIR=/store DEMO=false TRUST_PROXY=1
COPY --from=build /store /store
EXPOSE 4000
# Ready when the database answers and its migrations are applied (the proxy and orchestrators ask it).
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:4000/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
WORKDIR /store/apps/api
CMD ["node", "--import", "tsx", "src/server.ts"]
