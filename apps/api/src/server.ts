import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

// Launches the API; everything else is in app.ts so tests build the same app without listening.
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  // On a signal or a crash: stop taking requests, let the running ones and the queued mails finish,
  // close the database; a close that hangs longer than the grace period ends the process anyway
  // (close-with-grace, as fastify/demo does, rather than hand-written signal handlers).
  closeWithGrace({ delay: config.CLOSE_GRACE_SECONDS * 1000, logger: app.log }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  });
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  // A setting that stops the start says which in one line; anything else with its stack.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
