export * from './review/review.port';
