/**
 * Fairness everyone can see (issue 28): nights, weekends and public holidays per person
 * on the admin page, and 'Din plass i køen' on 'Mine vakter' with the rule in a paragraph.
 */
export const fairnessTexts = {
  fairness: {},
} as const;
