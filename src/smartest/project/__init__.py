"""Module and package targets: every public function of a module or package explored in turn."""
