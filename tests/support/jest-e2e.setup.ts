jest.setTimeout(120_000);
// A real browser on a shared 2-core machine: retry a failed journey once, logging the first
// failure, so a timing hiccup does not fail CI while a real fault still does.
jest.retryTimes(1, { logErrorsBeforeRetry: true });
