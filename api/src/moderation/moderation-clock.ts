/** The moderation services' clock: tests of the six-month window plant dates instead. */
export const MODERATION_CLOCK = Symbol('MODERATION_CLOCK');
export type Clock = () => Date;
