/**
 * The upload and /uploads route tests (upload-routes.cases.ts) with photos in an S3 bucket: S3_* point the app
 * at a local S3-compatible server started by the test (test/s3.ts), never at a real S3 host.
 */
import { describeUploadRoutes } from './upload-routes.cases';

describeUploadRoutes('s3');
