// The reverse proxy of `pnpm cluster`: nginx from Debian's packages in front of the API
// instances and of the built remotes. One function, so the script, its test and the compose file's
// proxy describe the same thing.

/**
 * @param {object} options
 * @param {number} options.port        where the proxy listens
 * @param {string[]} options.upstreams API instances, `host:port`
 * @param {string} options.staticRoot  a folder with `remotes/<name>/` (the remotes' builds), the
 *   shell's build as `shell/` and the released versions as `releases/<name>/<version>/` (symlinks are
 *   fine): served by nginx itself
 * @param {string} options.runDir      nginx's pid and temporary files
 * @param {string} [options.mimeTypes] nginx's mime.types
 * @param {string} [options.brotliModule] nginx's brotli_static module (Debian's
 *   libnginx-mod-http-brotli-static), when installed: the build's .br files are sent to the browsers
 *   that take brotli, the .gz ones to the rest; without it, the .gz ones to all
 */
export function nginxConfig({ port, upstreams, staticRoot, runDir, mimeTypes = '/etc/nginx/mime.types', brotliModule }) {
  const servers = upstreams
    // Passive health checks (nginx without the commercial module): an instance that fails twice in
    // 5 s is left out for 5 s; the cluster script adds an instance only once /api/health/ready says so.
    .map((address) => `    server ${address} max_fails=2 fail_timeout=5s;`)
    .join('\n');
  const hashed = 'public, max-age=31536000, immutable';
  const precompressed = brotliModule ? 'gzip_static on;\n      brotli_static on;' : 'gzip_static on;';
  return `# Written by tools/cluster/nginx-config.mjs (pnpm cluster). Do not edit: change the generator.
${brotliModule ? `load_module ${brotliModule};\n` : ''}daemon off;
worker_processes auto;
pid ${runDir}/nginx.pid;
error_log stderr warn;

events {
  worker_connections 1024;
}

http {
  include ${mimeTypes};
  default_type application/octet-stream;
  access_log ${runDir}/access.log combined;
  client_body_temp_path ${runDir}/client_body;
  proxy_temp_path ${runDir}/proxy;
  fastcgi_temp_path ${runDir}/fastcgi;
  uwsgi_temp_path ${runDir}/uwsgi;
  scgi_temp_path ${runDir}/scgi;
  sendfile on;
  keepalive_timeout 65;
  server_tokens off;
  client_max_body_size 12m;

  # Compression for what is not compressed at build time (pages, API answers).
  gzip on;
  gzip_comp_level 5;
  gzip_min_length 1024;
  gzip_proxied any;
  gzip_vary on;
  gzip_types text/css application/javascript application/json image/svg+xml text/plain application/xml;

  upstream preloved_api {
${servers}
    keepalive 32;
  }

  server {
    listen ${port};

    # Built files named by their content hash: served here, pre-compressed (.br and .gz beside them), kept a year.
    location ~ "^/remotes/[a-z-]+/.+\\.[0-9a-f]{8}\\.(js|css)$" {
      root ${staticRoot};
      ${precompressed}
      add_header Cache-Control "${hashed}";
    }
    location ~ ^/remotes/[a-z-]+/assets/ {
      root ${staticRoot};
      add_header Cache-Control "${hashed}";
    }
    # A remote's entry points name the others: always asked again (a deploy switches them).
    location ~ ^/remotes/[a-z-]+/(remoteEntry\\.js|mf-manifest\\.json)$ {
      root ${staticRoot};
      ${precompressed}
      add_header Cache-Control "no-cache";
    }
    # Released versions of the remotes (pnpm run deploy remote): a folder per version, named by its
    # content and never changed, so all of it is kept a year (its remoteEntry.js and manifest too);
    # remotes.json, which names the live one, is the API's and never cached.
    location ~ "^/releases/[a-z-]+/[0-9a-f]{12}/" {
      root ${staticRoot};
      ${precompressed}
      add_header Cache-Control "${hashed}";
      location ~ "\\.map$|/mf-stats\\.json$" {
        return 404;
      }
    }
    location ~ "^/[^/]+\\.[0-9a-f]{8}\\.(js|css)$" {
      root ${staticRoot}/shell;
      ${precompressed}
      add_header Cache-Control "${hashed}";
    }

    # Everything else (pages rendered on the server, the API, remotes.json) goes to an API instance.
    location / {
      proxy_pass http://preloved_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # One id per request, from here to every log line of the instance that answers it.
      proxy_set_header X-Request-Id $request_id;
      # Another instance is tried when one is down, times out or is closing (503) — for idempotent
      # requests only: nginx never retries a POST or PATCH without \`non_idempotent\`, so a payment is
      # never sent twice by the proxy.
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
    }
  }
}
`;
}

/** Where Debian's libnginx-mod-http-brotli-static puts its module. */
export const DEBIAN_BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
