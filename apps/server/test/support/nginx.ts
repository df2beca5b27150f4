import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

/** Debian's nginx (nginx-light), if installed. */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync);

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const c = connect(port, '127.0.0.1');
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });

export interface Nginx {
  /** `http://127.0.0.1:PORT`: the one origin in front of every upstream. */
  url: string;
  close(): Promise<void>;
}

/**
 * nginx on loopback as the site's load balancer: round robin over `upstreams` (host:port), WebSockets passed
 * through, a refused connection retried on the next instance (what an operator's proxy does).
 */
export const startNginx = async (upstreams: string[]): Promise<Nginx> => {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const dir = mkdtempSync(path.join(tmpdir(), 'mintcast-nginx-'));
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log stderr crit;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream site { ${upstreams.map((u) => `server ${u} max_fails=1 fail_timeout=60s;`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_next_upstream error timeout;
      proxy_read_timeout 3600s;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-c', conf, '-p', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready when its port accepts connections (or fail if nginx exits first).
  let ready = false;
  for (let i = 0; i < 500 && !ready && child.exitCode === null; i++) {
    ready = await accepts(port);
    if (!ready) await new Promise((r) => setTimeout(r, 20));
  }
  if (!ready) throw new Error('nginx did not start');
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
