// Types of budgets.mjs (plain JavaScript: the bench loads it too).
export const FIRST_PAGE_JS_KB: number;
export const FIRST_PAGE_FONT_FACES: number;
