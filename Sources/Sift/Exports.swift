/// `import Sift` gives the whole compiler core: syntax, schema, checker, SQL lowering and evaluator.
@_exported import SiftSyntax
@_exported import SiftSchema
@_exported import SiftChecker
@_exported import SiftSQL
@_exported import SiftEvaluator
