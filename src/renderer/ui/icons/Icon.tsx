import type { IconName } from './iconPaths';
import { ICON_PATHS } from './iconPaths';

interface IconProps {
  name: IconName;
  size?: number;
  className?: string;
}

/** A decorative icon; the control around it carries the accessible name. */
export function Icon({ name, size = 18, className }: IconProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
