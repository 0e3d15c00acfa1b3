import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  PARTNER_ID_PATTERN,
  PARTNER_LOGO_MAX_BYTES,
  PARTNER_MESSAGES,
  type PartnerChangeKind,
  type PartnerEntry,
  type PartnerProposal,
  type PartnerProposalRequest,
  type PartnersResponse,
} from '../../../common/partners/model.js';
import type { PartnerDefinition, SiteConfig } from '../../../common/site.js';
import type { SignedInUser } from '../access/signed-in-user.js';
import { BENEFIT_CALCULATORS } from '../../../engine/benefits/index.js';
import { ApiError } from '../errors/api-error.js';
import { DEFINITIONS_DIR } from '../site/site.module.js';
import { SITE_CONFIG } from '../site/site-config-token.js';
import { extraHelpCategoriesOf, partnerOf, partnerProblems, WEB_PUBLIC_DIR } from '../site/site-definitions.js';
import { logoPathOf, partnersInForce, pngLogo, replaceInPlace, type ApprovedChange } from './partner-register.js';
import { PartnerRegistration } from './partner-registration.entity.js';

/** How often each server reads the approved changes again, so that one approved on another server reaches it too. */
export const PARTNERS_REFRESH_MS = 30_000;

const iso = (date: Date) => date.toISOString();

/** The newest approved change of each partner that has one, from the database (a server's, or a script's). */
export async function approvedChanges(manager: Pick<EntityManager, 'query'>): Promise<ApprovedChange[]> {
  const rows = await manager.query<
    { partner_id: string; definition: PartnerDefinition | null; decided_at: Date; decided_by_name: string }[]
  >(
    `SELECT DISTINCT ON (partner_id) partner_id, definition, decided_at, decided_by_name
       FROM partner_registrations WHERE status = 'approved' ORDER BY partner_id, decided_at DESC`,
  );
  return rows.map((row) => ({
    partnerId: row.partner_id,
    definition: row.definition,
    decidedAt: row.decided_at,
    decidedByName: row.decided_by_name,
  }));
}

/**
 * The partner register (issue 32, point 5): the charity's service administrators register, change or remove a partner
 * in the account area, checked exactly as the partner files are, and a second administrator approves it; it then takes
 * effect on this server at once and on every other within PARTNERS_REFRESH_MS, without a restart. The partner files
 * (definitions/partners/) are the seed, read at start; an approved change of the same id takes their place.
 */
@Injectable()
export class PartnersService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(PartnersService.name);
  /** The partner files, as read at start. */
  private readonly seed: Readonly<Record<string, PartnerDefinition>>;
  /** The newest approved change of each partner that has one. */
  private approved = new Map<string, ApprovedChange>();
  private extraHelpCategories: string[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
    private readonly dataSource: DataSource,
  ) {
    this.seed = Object.freeze({ ...site.partners });
  }

  async onModuleInit(): Promise<void> {
    this.extraHelpCategories = await extraHelpCategoriesOf(DEFINITIONS_DIR);
    await this.refresh();
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) =>
        this.logger.warn(`Could not read the registered partners again: ${error instanceof Error ? error.message : 'unknown error'}`),
      );
    }, PARTNERS_REFRESH_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Reads the approved changes and puts the partners in force into the site settings every service reads. */
  async refresh(manager: EntityManager = this.dataSource.manager): Promise<void> {
    const newest = await approvedChanges(manager);
    this.approved = new Map(newest.map((change) => [change.partnerId, change]));
    replaceInPlace(this.site.partners, partnersInForce(this.seed, newest));
  }

  async list(user: SignedInUser): Promise<PartnersResponse> {
    const open = await this.dataSource.getRepository(PartnerRegistration).find({
      where: { status: 'proposed' },
      order: { proposedAt: 'ASC' },
      select: { id: true, partnerId: true, definition: true, proposedBy: true, proposedByName: true, proposedAt: true },
    });
    const partners: PartnerEntry[] = Object.values(this.site.partners)
      .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'))
      .map((definition) => {
        const change = this.approved.get(definition.id);
        return {
          definition,
          source: change ? 'registered' : 'file',
          approvedBy: change ? { name: change.decidedByName } : null,
          approvedAt: change ? iso(change.decidedAt) : null,
        };
      });
    return {
      partners,
      proposals: open.map((row) => this.proposalOf(row, user)),
      benefits: BENEFIT_CALCULATORS.map(({ code, name }) => ({ code, name })),
      extraHelpCategories: [...this.extraHelpCategories],
    };
  }

  /** A new partner, or a whole new definition of one: waits for a second administrator. */
  async propose(user: SignedInUser, request: PartnerProposalRequest): Promise<PartnerProposal> {
    const given = request.partner as Partial<PartnerDefinition>;
    const id = typeof given.id === 'string' ? given.id.trim() : '';
    if (!PARTNER_ID_PATTERN.test(id)) throw ApiError.validation([{ path: 'partner.id', message: PARTNER_MESSAGES.idInvalid }]);
    const current = Object.hasOwn(this.site.partners, id) ? this.site.partners[id] : null;
    const reference = randomUUID();
    let logo: Buffer | null = null;
    if (request.logoPng) {
      const upload = pngLogo(request.logoPng, PARTNER_LOGO_MAX_BYTES);
      if ('problem' in upload)
        throw ApiError.validation([
          { path: 'logoPng', message: upload.problem === 'tooLarge' ? PARTNER_MESSAGES.logoTooLarge : PARTNER_MESSAGES.logoNotPng },
        ]);
      logo = upload.bytes;
    } else if (!current) throw ApiError.validation([{ path: 'logoPng', message: PARTNER_MESSAGES.logoRequired }]);
    const definition = { ...given, id, logo: logo ? logoPathOf(reference) : current!.logo };
    const problems = partnerProblems(definition, `${id}.json`, {
      extraHelpCategories: this.extraHelpCategories,
      publicDir: WEB_PUBLIC_DIR,
    }).map((problem) => ({ ...problem, path: problem.path ? `partner.${problem.path}` : 'partner' }));
    if (problems.length > 0) throw ApiError.validation(problems);
    return this.insertProposal(user, {
      id: reference,
      partnerId: id,
      definition: partnerOf(definition as PartnerDefinition),
      logo,
      logoType: logo ? 'image/png' : null,
    });
  }

  /** A partner's removal: its pages can no longer show the calculator once a second administrator approves it. */
  async proposeRemoval(user: SignedInUser, partnerId: string): Promise<PartnerProposal> {
    if (!Object.hasOwn(this.site.partners, partnerId)) throw new ApiError(404, 'PARTNER_NOT_FOUND', PARTNER_MESSAGES.notFound);
    return this.insertProposal(user, { id: randomUUID(), partnerId, definition: null, logo: null, logoType: null });
  }

  private async insertProposal(
    user: SignedInUser,
    row: Pick<PartnerRegistration, 'id' | 'partnerId' | 'definition' | 'logo' | 'logoType'>,
  ): Promise<PartnerProposal> {
    const saved = await this.dataSource
      .getRepository(PartnerRegistration)
      .save({ ...row, status: 'proposed' as const, proposedBy: user.userId, proposedByName: user.displayName })
      .catch((error: unknown) => {
        // The partial unique index: one open change a partner.
        if ((error as { code?: string }).code === '23505') throw new ApiError(409, 'PARTNER_CHANGE_OPEN', PARTNER_MESSAGES.openProposal);
        throw error;
      });
    const stored = await this.dataSource.getRepository(PartnerRegistration).findOneByOrFail({ id: saved.id });
    return this.proposalOf(stored, user);
  }

  /** A second administrator approves a change: it takes effect now. */
  async approve(user: SignedInUser, reference: string): Promise<PartnersResponse> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.openProposal(manager, reference);
      if (row.proposedBy === user.userId) throw new ApiError(403, 'SECOND_PERSON_NEEDED', PARTNER_MESSAGES.ownProposal);
      if (row.definition) {
        // Checked again: the extra-help categories or the web app's files may have changed since it was proposed.
        const problems = partnerProblems(row.definition, `${row.partnerId}.json`, {
          extraHelpCategories: this.extraHelpCategories,
          publicDir: WEB_PUBLIC_DIR,
        });
        if (problems.length > 0) throw ApiError.validation(problems.map((problem) => ({ ...problem, path: `partner.${problem.path}` })));
      }
      await manager.update(
        PartnerRegistration,
        { id: row.id },
        { status: 'approved', decidedBy: user.userId, decidedByName: user.displayName, decidedAt: new Date() },
      );
      await this.refresh(manager);
    });
    return this.list(user);
  }

  /** Rejects a change, or its author withdraws it. */
  async reject(user: SignedInUser, reference: string): Promise<PartnersResponse> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.openProposal(manager, reference);
      await manager.update(
        PartnerRegistration,
        { id: row.id },
        { status: 'rejected', decidedBy: user.userId, decidedByName: user.displayName, decidedAt: new Date() },
      );
    });
    return this.list(user);
  }

  /**
   * An uploaded logo: anyone's once its change is approved (it is then shown in the partner's portal); a service
   * administrator's while it waits, to check it.
   */
  async logo(reference: string, user: SignedInUser | null): Promise<Buffer | null> {
    const row = await this.dataSource
      .getRepository(PartnerRegistration)
      .findOne({ where: { id: reference }, select: { id: true, status: true, logo: true } });
    if (!row?.logo) return null;
    if (row.status === 'approved' || (row.status === 'proposed' && user?.role === 'service-admin')) return row.logo;
    return null;
  }

  private async openProposal(manager: EntityManager, reference: string): Promise<PartnerRegistration> {
    const row = await manager.getRepository(PartnerRegistration).findOne({
      where: { id: reference },
      lock: { mode: 'pessimistic_write' },
      select: { id: true, partnerId: true, definition: true, status: true, proposedBy: true },
    });
    if (!row) throw new ApiError(404, 'PARTNER_CHANGE_NOT_FOUND', PARTNER_MESSAGES.proposalNotFound);
    if (row.status !== 'proposed') throw new ApiError(409, 'PARTNER_CHANGE_DECIDED', PARTNER_MESSAGES.proposalNotOpen);
    return row;
  }

  private proposalOf(
    row: Pick<PartnerRegistration, 'id' | 'partnerId' | 'definition' | 'proposedBy' | 'proposedByName' | 'proposedAt'>,
    user: SignedInUser,
  ): PartnerProposal {
    const current = Object.hasOwn(this.site.partners, row.partnerId) ? this.site.partners[row.partnerId] : null;
    const kind: PartnerChangeKind = row.definition === null ? 'remove' : current ? 'change' : 'register';
    const own = row.proposedBy === user.userId;
    return {
      reference: row.id,
      partnerId: row.partnerId,
      kind,
      definition: row.definition,
      current,
      proposedBy: { name: row.proposedByName },
      proposedAt: iso(row.proposedAt),
      mayApprove: !own,
      whyNot: own ? PARTNER_MESSAGES.ownProposal : null,
    };
  }
}
