/**
 * GETs `url` at a steady `rate` per second (open loop: a slow answer does not delay the next) until
 * the returned function is called; that answers the count, errors and p50/p99/max latency in ms.
 */
export function steadyLoad(url, rate) {
  const latencies = [];
  let errors = 0;
  const inFlight = new Set();
  const timer = setInterval(() => {
    const started = performance.now();
    const request = fetch(url)
      .then(async (res) => {
        await res.arrayBuffer();
        if (!res.ok) errors += 1;
        latencies.push(performance.now() - started);
      })
      .catch(() => (errors += 1))
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }, 1000 / rate);
  return async () => {
    clearInterval(timer);
    await Promise.allSettled([...inFlight]);
    latencies.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
    return { count: latencies.length, errors, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? NaN };
  };
}
