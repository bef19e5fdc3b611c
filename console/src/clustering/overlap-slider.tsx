// The overlap a clustering groups keywords by: the share of its top 10 results a keyword must
// share with its cluster's centroid. A native range input (keyboard: arrows, Home, End) within
// the API's bounds, its value written beside it and announced as a percentage.
import { useId } from "react";

const MIN_OVERLAP = 0.2;
const MAX_OVERLAP = 0.9;
export const DEFAULT_OVERLAP = 0.4;

export const percent = (overlap: number): string => `${Math.round(overlap * 100)}%`;

export function OverlapSlider({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="overlap">
      <label htmlFor={id}>{label}</label>
      <div className="overlap-control">
        <input
          id={id}
          type="range"
          min={MIN_OVERLAP}
          max={MAX_OVERLAP}
          step={0.05}
          value={value}
          disabled={disabled}
          aria-valuetext={percent(value)}
          // Rounded: 0.05 steps in binary floating point would otherwise drift (0.35000000000000003).
          onChange={(event) => onChange(Math.round(Number(event.target.value) * 100) / 100)}
        />
        <output htmlFor={id}>{percent(value)}</output>
      </div>
      <p className="hint">
        Share of the top 10 results a keyword must share with its cluster's main keyword: higher makes more, tighter clusters.
      </p>
    </div>
  );
}
