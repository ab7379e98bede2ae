/** parse-prometheus-text-format (untyped): the Prometheus text format as prom2json's JSON, values as text. */
declare module 'parse-prometheus-text-format' {
  export interface ParsedSample {
    labels?: Record<string, string>;
    /** Counters, gauges and untyped metrics. */
    value?: string;
    /** Histograms: cumulative count per upper bound (`le`), with `count` and `sum`. */
    buckets?: Record<string, string>;
    /** Summaries. */
    quantiles?: Record<string, string>;
    count?: string;
    sum?: string;
  }

  export interface ParsedMetricFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: ParsedSample[];
  }

  /** Throws on text that is not the Prometheus text format. */
  export default function parsePrometheusTextFormat(text: string): ParsedMetricFamily[];
}
