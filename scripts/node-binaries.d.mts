export interface NodeBinary {
  name: string;
  path: string;
  version: string;
}
export function systemNode(path?: string): string | undefined;
export function nodeBinaries(root: string): NodeBinary[];
