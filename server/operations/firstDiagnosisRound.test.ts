import { expect, it } from 'vitest';
import { testServer } from '../testing/testServer';

it('runs the first video diagnosis round as the server starts, not a whole interval later', async () => {
  // An hour between rounds: a check within the first seconds can only be the round at start.
  const server = await testServer({
    operations: { faultCheckMs: 0, offlineFaultMs: 600_000, videoDiagnosisMs: 3_600_000, videoDiagnosisRetentionMs: 86_400_000 },
  });
  try {
    await server.app.ready();
    const checks = async () =>
      Number(
        (
          await server.services.ctx.db
            .selectFrom('video_diagnosis_checks')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (let waited = 0; waited < 10_000 && (await checks()) === 0; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await checks()).toBeGreaterThan(0);
  } finally {
    await server.close();
  }
});
