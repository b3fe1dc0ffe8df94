import type { SVGProps } from 'react';

// The store's line icons, inline: a handful of paths, no icon font or request. One drawing per icon
// for every app; the size follows the place (22 px in the header, 20 px in the search box).

export interface IconProps {
  size?: number;
  className?: string;
}

function Icon({
  size = 22,
  className,
  children,
}: IconProps & { children: SVGProps<SVGSVGElement>['children'] }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {children}
    </svg>
  );
}

export const MessageIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 5h16v11H9l-5 4V5Z" />
  </Icon>
);

export const BagIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 8h14l-1 12H6L5 8Z" />
    <path d="M9 8V6a3 3 0 0 1 6 0v2" />
  </Icon>
);

export const UserIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </Icon>
);

export const MenuIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);

export const SearchIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </Icon>
);

export const RetryIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 12a8 8 0 1 1-2.34-5.66" />
    <path d="M20 4v5h-5" />
  </Icon>
);

export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

// The brand's social links (spec §3 link_socials: name, link, icon), by icon name.
const socialPaths: Record<string, string> = {
  instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5h.01',
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5Z',
  tiktok: 'M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.5 2.5 4.5 5 5',
  pinterest:
    'M12 3a9 9 0 0 0-3.3 17.4l1.8-7.4M9.5 13.5c.5 1.5 1.7 2.5 3.5 2.5 3 0 4.5-2.8 4.5-5.5S15.5 5.5 12 5.5 6.5 8 6.5 10.5c0 1 .3 2 1 2.6',
  youtube: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V8Zm7 1v6l5-3-5-3Z',
};

/** A social network's icon by its name; an unknown name shows its first letter. */
export function SocialIcon({ icon, ...props }: IconProps & { icon: string }) {
  const d = socialPaths[icon.toLowerCase()];
  if (!d) return <span aria-hidden="true">{icon.slice(0, 1).toUpperCase()}</span>;
  return (
    <Icon {...props}>
      <path d={d} />
    </Icon>
  );
}
