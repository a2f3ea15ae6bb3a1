/** The caller of a request as access control sees them: a live session of a user in their active tenant. */
export interface Session {
  tokenHash: string;
  userId: number;
  tenantId: number;
}
