import { hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('keeps no plain password: scrypt with its cost parameters, a salt and a hash', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).not.toContain('correct horse');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
  });

  it('salts each hash, so one password stored twice looks different', async () => {
    expect(await hashPassword('same password twice')).not.toBe(await hashPassword('same password twice'));
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery staple');
    await expect(verifyPassword('correct horse battery staple', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse battery stapl', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('checks with the parameters stored with the hash, so old hashes still work after the cost is raised', async () => {
    const stored = await hashPassword('a password from before');
    const [, , , , salt] = stored.split('$');
    const { scryptSync } = await import('node:crypto');
    const cheaper = `scrypt$1024$8$1$${salt}$${scryptSync('a password from before', Buffer.from(salt, 'base64'), 32, { N: 1024, r: 8, p: 1 }).toString('base64')}`;
    await expect(verifyPassword('a password from before', cheaper)).resolves.toBe(true);
  });

  it('treats the same characters typed in a different Unicode form as the same password', async () => {
    const stored = await hashPassword('caf\u00e9 au lait 2026');
    await expect(verifyPassword('cafe\u0301 au lait 2026', stored)).resolves.toBe(true);
  });

  it('never matches a stored text that is not one of its hashes', async () => {
    for (const stored of [
      '',
      'plain password',
      'bcrypt$10$abc$def$ghi$jkl',
      'scrypt$x$8$1$c2FsdA==$aGFzaA==',
      'scrypt$1024$8$1$$aGFzaA==',
    ]) {
      await expect(verifyPassword('plain password', stored)).resolves.toBe(false);
    }
  });
});
