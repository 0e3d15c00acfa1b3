import { Inject, Injectable } from '@nestjs/common';
import type { SiteConfig } from '../../../common/site.js';
import { ApiError } from '../errors/api-error.js';
import { ResultsService } from '../results/results.service.js';
import { SITE_CONFIG } from '../site/site.module.js';
import type { Caller } from '../access/caller.js';
import type { DocumentTemplates } from './document-templates.js';
import { renderResultPdf } from './result-pdf.js';
import type { DocumentPeriod } from './result-view.js';

export const DOCUMENT_TEMPLATES = Symbol('DOCUMENT_TEMPLATES');

/** The documents a person can download: for now the 'Your Benefit Results' PDF of the results page. */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly results: ResultsService,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
    @Inject(DOCUMENT_TEMPLATES) private readonly templates: DocumentTemplates,
  ) {}

  /**
   * The results as a PDF, with the same access rules and masking as the results page (404 when there is no such
   * calculation, 403 when another browser owns it). A calculation with answers to change or give has no results
   * to print yet: 409, saying what to do.
   */
  async resultPdf(sessionId: string, period: DocumentPeriod, caller: Caller): Promise<Buffer> {
    const result = await this.results.resultFor(sessionId, caller, {});
    if (result.isOutOfDate || result.isUnanswered || result.benefits === null) {
      throw new ApiError(
        409,
        'RESULTS_NOT_READY',
        result.isUnanswered
          ? 'Some questions still need an answer, so there are no results to download yet. Answer them, then try again.'
          : 'Some answers need changing before the results can be worked out, so there are no results to download yet. Change them, then try again.',
      );
    }
    return renderResultPdf(result, { period, site: this.site, generatedAt: new Date(), templates: this.templates });
  }
}
