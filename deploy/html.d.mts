/** `value` made safe inside a double-quoted attribute (& " < > as character references). */
export function escapeAttribute(value: string): string;
