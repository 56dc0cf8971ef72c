/**
 * A small bar chart drawn by uPlot (issue 15, point 5), for the dashboard only: this module is
 * loaded with React.lazy where a chart is on screen, so uPlot never weighs on another page. The
 * chart is for sighted readers (aria-hidden); the dashboard puts the same numbers in a table
 * beside it. Bars take the organisation's brand colour and follow the box's width.
 */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface BarChartProps {
  /** The label under each bar (short: the table has the long names). */
  labels: string[];
  values: number[];
  height?: number;
  /** How a value reads on the vertical axis. */
  format?: (value: number) => string;
}

const brandColour = () => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim() || "#1d4ed8";

export default function BarChart({ labels, values, height = 200, format = String }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = labels.map((_, index) => index);
    const colour = brandColour();
    const chart = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.6, Math.max(0.6, labels.length - 0.4)] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [
          { splits: () => xs, values: (_u, splits) => splits.map((index) => labels[index] ?? ""), gap: 4, size: 36, stroke: "#475569", grid: { show: false } },
          { values: (_u, splits) => splits.map(format), size: 56, stroke: "#475569", grid: { stroke: "#e2e8f0" } },
        ],
        series: [{}, { fill: colour, stroke: colour, width: 0, points: { show: false }, paths: uPlot.paths.bars!({ size: [0.7, 64] }) }],
      },
      [xs, values],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, element.clientWidth), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, values, height, format]);
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" />;
}
