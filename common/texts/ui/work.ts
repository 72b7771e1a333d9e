/**
 * Working time and competence (issue 28): 'Arbeidstidsregler' and 'Kompetanse' on the
 * admin page, the contract in 'Rediger bruker', 'Krever kompetanse' on a shift, and what
 * a staff member is told before registering interest.
 */
export const workTexts = {
  work: {},
} as const;
