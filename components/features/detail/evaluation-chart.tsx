"use client";
import { Card, Section } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { evaluationSeries } from "@/lib/dashboard/analytics";
import { useAnalytics } from "@/lib/dashboard/hooks";

/** Daily evaluation counts the SDKs reported over the last 30 days, as bars. */
export function EvaluationChart({
  environmentKey,
  featureName,
}: {
  environmentKey: string;
  featureName: string;
}) {
  const { data, error } = useAnalytics(environmentKey);
  const series = evaluationSeries(data, featureName);
  const total = series.reduce((sum, p) => sum + p.count, 0);
  const max = Math.max(1, ...series.map((p) => p.count));

  return (
    <Section
      title="Evaluations"
      description="How often SDKs with analytics enabled evaluated this flag in this environment, per day (UTC), over the last 30 days."
    >
      <Card className="p-4">
        {error ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">Evaluation counts are not available.</p>
        ) : !data ? (
          <Skeleton className="h-24" />
        ) : total === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="evaluations-total">
            No evaluations reported yet. SDKs report counts when analytics is on, e.g.{" "}
            <code className="font-mono text-xs">enableAnalytics: true</code>.
          </p>
        ) : (
          <div className="space-y-2">
            <p className="text-sm" data-testid="evaluations-total">
              <span className="text-2xl font-semibold tabular-nums">{total.toLocaleString()}</span>{" "}
              evaluations
            </p>
            <div
              className="flex h-24 items-end gap-[3px]"
              role="img"
              aria-label={`Evaluations per day, ${total} in total`}
            >
              {series.map((point) => (
                <div
                  key={point.day}
                  title={`${point.day}: ${point.count}`}
                  className="flex-1 rounded-t bg-indigo-500/80 dark:bg-indigo-400/80"
                  style={{
                    height: `${Math.max(2, (point.count / max) * 100)}%`,
                    opacity: point.count ? 1 : 0.25,
                  }}
                />
              ))}
            </div>
            <div className="flex justify-between text-xs text-zinc-500 dark:text-zinc-400">
              <span>{series[0]?.day}</span>
              <span>{series[series.length - 1]?.day}</span>
            </div>
          </div>
        )}
      </Card>
    </Section>
  );
}
