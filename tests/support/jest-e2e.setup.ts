// No retries: a journey that fails once has failed (scripts/test.mjs also counts any retried test as failed).
jest.setTimeout(120_000);
