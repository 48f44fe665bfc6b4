"use client";
// A feature's evaluations per day in one environment (GET .../features/{id}/evaluation-data/),
// drawn as SVG bars, with the same numbers as a table for screen readers and small screens.
import { Card, Section } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { fillDays, type DayCount } from "@/lib/dashboard/evaluation-days";
import { useApi } from "@/lib/dashboard/hooks";
import { urls } from "@/lib/dashboard/urls";

const DAYS = 30;
const WIDTH = 600;
const HEIGHT = 96;

function Bars({ series, max }: { series: DayCount[]; max: number }) {
  const step = WIDTH / series.length;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="h-24 w-full" aria-hidden>
      {series.map((point, i) => {
        const height = point.count ? Math.max(2, (point.count / max) * HEIGHT) : 2;
        return (
          <rect
            key={point.day}
            x={i * step + 1}
            y={HEIGHT - height}
            width={Math.max(1, step - 2)}
            height={height}
            rx={1.5}
            className={point.count ? "fill-indigo-500" : "fill-zinc-300 dark:fill-zinc-700"}
          >
            <title>{`${point.day}: ${point.count}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

export function EvaluationChart({
  projectId,
  featureId,
  environmentId,
}: {
  projectId: number;
  featureId: number;
  environmentId: number;
}) {
  const { data, error } = useApi<DayCount[]>(
    urls.featureEvaluationData(projectId, featureId, environmentId, DAYS),
    {
      shouldRetryOnError: false,
    },
  );
  const series = fillDays(data ?? [], DAYS, new Date());
  const total = series.reduce((sum, p) => sum + p.count, 0);
  const max = Math.max(1, ...series.map((p) => p.count));
  const busy = series.filter((p) => p.count > 0);

  return (
    <Section
      title="Evaluations"
      description="How often SDKs with analytics enabled evaluated this flag in this environment, per day (UTC), over the last 30 days."
    >
      <Card className="p-4">
        {error ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Evaluation counts are not available.</p>
        ) : !data ? (
          <Skeleton className="h-24" />
        ) : total === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="evaluations-total">
            No evaluations reported yet. SDKs report counts when analytics is on, e.g.{" "}
            <code className="font-mono text-xs">enableAnalytics: true</code>.
          </p>
        ) : (
          <figure className="space-y-2" aria-label={`Evaluations per day, ${total} in total`}>
            <p className="text-sm" data-testid="evaluations-total">
              <span className="text-2xl font-semibold tabular-nums">{total.toLocaleString()}</span>{" "}
              evaluations
            </p>
            <Bars series={series} max={max} />
            <div className="flex justify-between text-xs text-zinc-600 dark:text-zinc-400">
              <span>{series[0]?.day}</span>
              <span>{series[series.length - 1]?.day}</span>
            </div>
            <details className="text-sm">
              <summary className="cursor-pointer text-zinc-700 dark:text-zinc-300">Show as a table</summary>
              <table className="mt-2 w-full text-left text-sm" data-testid="evaluations-table">
                <caption className="sr-only">Evaluations per day with at least one evaluation</caption>
                <thead>
                  <tr>
                    <th scope="col" className="py-1 font-medium">
                      Day (UTC)
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Evaluations
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {busy.map((p) => (
                    <tr key={p.day} className="border-t border-zinc-200 dark:border-zinc-800">
                      <td className="py-1 font-mono">{p.day}</td>
                      <td className="py-1 text-right tabular-nums">{p.count.toLocaleString()}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </figure>
        )}
      </Card>
    </Section>
  );
}
