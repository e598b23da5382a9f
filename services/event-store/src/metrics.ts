import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A gauge whose values are read at every scrape (a lag, a queue's depth). */
export type GaugeSource = {
  name: string;
  help: string;
  labelNames?: readonly string[];
  /** the current values, one per label set */
  read(): Promise<readonly { labels?: Record<string, string>; value: number }[]>;
};

/**
 * This host's Prometheus metrics (served at /metrics by the host). One registry per host
 * (not prom-client's global one: tests run several hosts in one process). The host records
 * request latency; the projector's lag, the store's position and the leases are read at each
 * scrape; a context adds its own with `addGauge` (the outbox's lag: `tpl_outbox_lag_events`,
 * injected as METRICS).
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  readonly requests: Counter<'method' | 'route' | 'status'>;

  constructor(options: { defaults?: boolean } = {}) {
    if (options.defaults ?? true) collectDefaultMetrics({ register: this.registry, prefix: 'tpl_' });
    this.requestDuration = new Histogram({
      name: 'tpl_http_request_duration_seconds',
      help: 'HTTP request latency by method, route (as registered, :params) and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.requests = new Counter({
      name: 'tpl_http_requests_total',
      help: 'HTTP requests answered, by method, route and status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
  }

  /** A gauge read at every scrape; a failed read leaves it empty for that scrape (the others still answer). */
  addGauge(source: GaugeSource): Gauge<string> {
    return new Gauge({
      name: source.name,
      help: source.help,
      labelNames: [...(source.labelNames ?? [])],
      registers: [this.registry],
      async collect() {
        this.reset();
        const values = await source.read().catch(() => []);
        for (const v of values) {
          if (v.labels) this.set(v.labels, v.value);
          else this.set(v.value);
        }
      },
    });
  }

  /** A counter a context increments (events relayed, messages refused, ...). */
  addCounter(name: string, help: string, labelNames: readonly string[] = []): Counter<string> {
    return new Counter({ name, help, labelNames: [...labelNames], registers: [this.registry] });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
