import { Logger } from '@nestjs/common';
import { checkDependencies, checkStorage, ConfigError, exitWithParent, loadConfig, startTracing } from '@visualnotes/common';
import { createGatewayApp } from './bootstrap';
import { gatewayEnvSchema } from './config';

async function main() {
  try {
    const config = loadConfig(gatewayEnvSchema);
    exitWithParent(config);
    startTracing('gateway');
    const problem = (await checkDependencies(config.DATABASE_URL, config.REDIS_URL)) ?? (await checkStorage('gateway', config));
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
    const { app } = await createGatewayApp();
    await app.listen({ port: config.PORT, host: '0.0.0.0' });
    // One line when the gateway answers (process supervisors and the test harness wait for it).
    new Logger('Gateway').log(`gateway service ready on port ${config.PORT}`);
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : `The gateway could not start: ${(err as Error).message}`);
    process.exit(1);
  }
}

void main();
