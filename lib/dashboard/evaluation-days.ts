// The evaluation chart's series: the API's evaluation-data answer leaves out days without
// evaluations; the chart shows every UTC day of the window, oldest first.
export type DayCount = { day: string; count: number };

const DAY_MS = 24 * 60 * 60 * 1000;

export function fillDays(points: DayCount[], days: number, today: Date): DayCount[] {
  const byDay = new Map<string, number>();
  for (const p of points) byDay.set(p.day, (byDay.get(p.day) ?? 0) + p.count);
  const out: DayCount[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(today.getTime() - i * DAY_MS).toISOString().slice(0, 10);
    out.push({ day, count: byDay.get(day) ?? 0 });
  }
  return out;
}
