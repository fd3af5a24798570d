// The packed tarball installed into a project outside the repository, linted with ESLint 10.
import { describeConsumer } from "./consumer-suite.js";

describeConsumer(10);
