"""Branch sites, path constraints, execution trees and the recorder that builds them."""
