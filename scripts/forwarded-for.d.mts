export function doorgestuurdVoor(kop: string | string[] | undefined, peer: string | undefined, hops: number): string;
