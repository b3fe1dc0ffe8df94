# One static image for any remote (issue 27): `--build-arg REMOTE=catalog` serves that remote's build
# under /remotes/catalog/, pre-compressed files as built, hashed files cached a year. Not built here.
FROM node:20-bookworm-slim AS build
ARG REMOTE
WORKDIR /store
COPY . .
RUN npx -y pnpm@10.34.8 install --frozen-lockfile \
  && cd remotes/${REMOTE} && node ../../node_modules/webpack-cli/bin/cli.js --mode production --config webpack.config.cjs

FROM nginx:1.27-bookworm
ARG REMOTE
COPY --from=build /store/remotes/${REMOTE}/dist /usr/share/nginx/html/remotes/${REMOTE}
COPY deploy/static.nginx.conf /etc/nginx/conf.d/default.conf
# The deploy folder's releases/ (pnpm run deploy remote), from the volume the API replicas share.
VOLUME /usr/share/nginx/html/releases
