import type { ReactNode } from 'react';

interface PanelProps {
  /** Stable id: the panel's anchor and its `data-testid` (`panel-<id>`). */
  readonly id: string;
  readonly title: string;
  /** One or two sentences that tell a person what the flow does. */
  readonly intro: ReactNode;
  readonly wide?: boolean;
  readonly children: ReactNode;
}

/** A titled card for one flow; a landmark region named by its title. */
export function Panel({ id, title, intro, wide = false, children }: PanelProps) {
  return (
    <section
      className={wide ? 'panel wide' : 'panel'}
      id={id}
      data-testid={`panel-${id}`}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{title}</h3>
      <p className="intro">{intro}</p>
      {children}
    </section>
  );
}
