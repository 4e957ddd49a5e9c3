/** The page background of each theme (libs/ui/src/styles.css), as getComputedStyle gives it. */
export const LIGHT_BACKGROUND = 'rgb(250, 246, 239)';
export const DARK_BACKGROUND = 'rgb(26, 21, 18)';
