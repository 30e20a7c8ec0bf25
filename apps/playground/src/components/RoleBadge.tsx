const labels = { none: 'none', visitor: 'visitor', member: 'member' } as const;

/** The refresh token's role, as a coloured badge. */
export function RoleBadge({ role }: { readonly role: keyof typeof labels }) {
  return (
    <span className={`badge ${role}`} data-testid="role-badge">
      {labels[role]}
    </span>
  );
}
