import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import {
  CHART_AXIS_COLOUR,
  CHART_COLOURS,
  CHART_GRID_COLOUR,
  formatMinutes,
  type SessionTypeSummary,
  type TrendPoint,
} from '../analytics-data';

/*
 * The Time Analysis charts. This module is loaded lazily (recharts is large), and each chart sits in a
 * figure that carries its own caption and data table; the drawings themselves are decorative for assistive
 * tech. Animation is off: the numbers are there at once, and print shows them.
 */
const CHART_STYLE = { width: '100%', height: 240 };
const TICK = { fontSize: 12, fill: CHART_AXIS_COLOUR };
/** The hover box in the theme's card colours (Recharts' own is white, unreadable under the dark theme's light text). */
const TOOLTIP_STYLE = { backgroundColor: 'var(--color-white)', borderColor: 'var(--color-slate-200)', color: 'var(--color-slate-900)' };
const MINUTES_TOOLTIP = (value: unknown) => formatMinutes(Number(value));

export function DailyTrendChart({ data }: { data: TrendPoint[] }) {
  return (
    <LineChart responsive style={CHART_STYLE} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
      <CartesianGrid stroke={CHART_GRID_COLOUR} strokeDasharray="3 3" />
      <XAxis dataKey="label" tick={TICK} stroke={CHART_GRID_COLOUR} minTickGap={24} />
      <YAxis yAxisId="minutes" tick={TICK} stroke={CHART_GRID_COLOUR} allowDecimals={false} />
      <YAxis yAxisId="questions" orientation="right" tick={TICK} stroke={CHART_GRID_COLOUR} allowDecimals={false} />
      <Tooltip
        contentStyle={TOOLTIP_STYLE}
        formatter={(value, name) => (name === 'Minutes studied' ? MINUTES_TOOLTIP(value) : String(value))}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Line
        yAxisId="minutes"
        type="monotone"
        dataKey="minutes"
        name="Minutes studied"
        stroke={CHART_COLOURS[0]}
        strokeWidth={2}
        dot={false}
        isAnimationActive={false}
      />
      <Line
        yAxisId="questions"
        type="monotone"
        dataKey="questions"
        name="Questions answered"
        stroke={CHART_COLOURS[3]}
        strokeWidth={2}
        dot={false}
        isAnimationActive={false}
      />
    </LineChart>
  );
}

export function SubjectTimeChart({ data }: { data: { subject: string; minutes: number }[] }) {
  return (
    <PieChart responsive style={CHART_STYLE} accessibilityLayer={false}>
      <Pie
        data={data}
        dataKey="minutes"
        nameKey="subject"
        innerRadius="45%"
        outerRadius="80%"
        paddingAngle={1}
        stroke="var(--color-white)"
        rootTabIndex={-1}
        isAnimationActive={false}
      >
        {data.map((entry, i) => (
          <Cell key={entry.subject} fill={CHART_COLOURS[i % CHART_COLOURS.length]} />
        ))}
      </Pie>
      <Tooltip contentStyle={TOOLTIP_STYLE} formatter={MINUTES_TOOLTIP} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
    </PieChart>
  );
}

export function SessionTypeChart({ data }: { data: SessionTypeSummary[] }) {
  return (
    <BarChart responsive style={CHART_STYLE} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
      <CartesianGrid stroke={CHART_GRID_COLOUR} strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={TICK} stroke={CHART_GRID_COLOUR} />
      <YAxis yAxisId="minutes" tick={TICK} stroke={CHART_GRID_COLOUR} allowDecimals={false} />
      <YAxis yAxisId="sessions" orientation="right" tick={TICK} stroke={CHART_GRID_COLOUR} allowDecimals={false} />
      <Tooltip
        contentStyle={TOOLTIP_STYLE}
        formatter={(value, name) => (name === 'Total time (minutes)' ? MINUTES_TOOLTIP(value) : String(value))}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Bar
        yAxisId="minutes"
        dataKey="minutes"
        name="Total time (minutes)"
        fill={CHART_COLOURS[0]}
        radius={[4, 4, 0, 0]}
        isAnimationActive={false}
      />
      <Bar
        yAxisId="sessions"
        dataKey="sessions"
        name="Number of sessions"
        fill={CHART_COLOURS[3]}
        radius={[4, 4, 0, 0]}
        isAnimationActive={false}
      />
    </BarChart>
  );
}
