import { Module } from '@nestjs/common';
import { ResultsModule } from '../results/results.module.js';
import { loadDocumentTemplates } from './document-templates.js';
import { DocumentsController } from './documents.controller.js';
import { DOCUMENT_TEMPLATES, DocumentsService } from './documents.service.js';

/** Downloadable documents (GET /api/data/pdf). The templates are read when the server starts. */
@Module({
  imports: [ResultsModule],
  controllers: [DocumentsController],
  providers: [{ provide: DOCUMENT_TEMPLATES, useFactory: () => loadDocumentTemplates() }, DocumentsService],
  exports: [DocumentsService],
})
export class DocumentsModule {}
