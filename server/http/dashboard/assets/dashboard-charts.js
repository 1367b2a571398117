// The dashboard's charts, drawn with uPlot (served by the dashboard itself, never from a CDN). Each chart is an element
// with `data-chart`: JSON of `{ unit: "brl" | "percent" | "count", x: [seconds…], series: [{ label, color, values: […] }] }`.
// The same figures are in a table next to it, for screen readers and for browsers without JavaScript.
/* global uPlot */
(() => {
  const lang = document.documentElement.lang || 'pt-BR';
  const money = new Intl.NumberFormat(lang, { style: 'currency', currency: 'BRL', maximumFractionDigits: 0 });
  const day = new Intl.DateTimeFormat(lang, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  const charts = [];
  for (const el of document.querySelectorAll('[data-chart]')) {
    const spec = JSON.parse(el.dataset.chart);
    const value =
      spec.unit === 'brl' ? (v) => (v == null ? '' : money.format(v / 100)) : spec.unit === 'percent' ? (v) => (v == null ? '' : `${Math.round(v)}%`) : (v) => (v == null ? '' : String(Math.round(v)));
    const opts = {
      width: Math.max(280, el.clientWidth),
      height: 220,
      scales: { x: { time: true }, y: spec.unit === 'percent' ? { range: [0, 100] } : { auto: true } },
      axes: [
        { values: (_u, ticks) => ticks.map((t) => day.format(new Date(t * 1000))) },
        { values: (_u, ticks) => ticks.map(value), size: 80 },
      ],
      series: [{ label: lang === 'en' ? 'Day' : 'Dia', value: (_u, t) => (t == null ? '' : day.format(new Date(t * 1000))) }, ...spec.series.map((s) => ({ label: s.label, stroke: s.color, width: 2, value: (_u, v) => value(v), spanGaps: true }))],
    };
    charts.push({ el, plot: new uPlot(opts, [spec.x, ...spec.series.map((s) => s.values)], el) });
  }
  window.addEventListener('resize', () => {
    for (const c of charts) c.plot.setSize({ width: Math.max(280, c.el.clientWidth), height: 220 });
  });
})();
