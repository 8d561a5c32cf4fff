import { Histogram, Registry } from 'prom-client';
import { SeriesHistogram } from './metrics';

describe('SeriesHistogram', () => {
  it('exposes exactly what prom-client’s Histogram exposes for the same observations', async () => {
    const buckets = [0.001, 0.01, 0.1, 1];
    const ours = new Registry();
    const stock = new Registry();
    for (const r of [ours, stock]) r.setDefaultLabels({ service: 'gateway' });
    const a = new SeriesHistogram('vn_t_seconds', 'test', ['kind', 'route', 'status'], buckets, ours);
    const b = new Histogram({ name: 'vn_t_seconds', help: 'test', labelNames: ['kind', 'route', 'status'], buckets, registers: [stock] });
    const observations: [Record<'kind' | 'route' | 'status', string>, number][] = [
      [{ kind: 'http', route: 'GET /api/x', status: '200' }, 0.0005],
      [{ kind: 'http', route: 'GET /api/x', status: '200' }, 0.01],
      [{ kind: 'http', route: 'GET /api/x', status: '200' }, 0.5],
      [{ kind: 'http', route: 'GET /api/x', status: '500' }, 3],
      [{ kind: 'rpc', route: 'A.b', status: 'ok' }, 0.02],
    ];
    const series = a.labels(observations[0][0]);
    series.observe(observations[0][1]);
    for (const [labels, v] of observations.slice(1)) a.observe(labels, v);
    for (const [labels, v] of observations) b.observe(labels, v);
    expect(await ours.metrics()).toBe(await stock.metrics());
    // the same series object comes back for the same labels
    expect(a.labels({ kind: 'http', route: 'GET /api/x', status: '200' })).toBe(series);
  });

  it('times work with labels given at the start and at the end', async () => {
    const registry = new Registry();
    const h = new SeriesHistogram('vn_timer_seconds', 'test', ['route', 'status'], [1], registry);
    const end = h.startTimer({ route: 'A.b' });
    expect(end({ status: 'ok' })).toBeGreaterThanOrEqual(0);
    expect(await registry.metrics()).toContain('vn_timer_seconds_count{route="A.b",status="ok"} 1');
  });
});
